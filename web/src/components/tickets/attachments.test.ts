import { describe, expect, it } from 'vitest';
import { pngFile } from '../../test/tickets';
import { MAX_ATTACHMENT_BYTES, checkAttachments, imageTypeOf, rejectionNotices } from './attachments';

const gif = () => new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'risa.gif', { type: 'image/gif' });
const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'foto.jpg', { type: 'image/jpeg' });
const text = (name = 'notas.txt') => new File(['hola'], name, { type: 'text/plain' });

describe('imageTypeOf', () => {
  it('tells JPEG, PNG and GIF from their first bytes, whatever the name says', async () => {
    expect(await imageTypeOf(pngFile())).toBe('image/png');
    expect(await imageTypeOf(gif())).toBe('image/gif');
    expect(await imageTypeOf(jpeg())).toBe('image/jpeg');
    expect(await imageTypeOf(text('disfrazado.png'))).toBeNull();
  });
});

describe('checkAttachments', () => {
  it('accepts up to five images of up to 5 MB', async () => {
    const check = await checkAttachments([pngFile('a.png'), pngFile('b.png')], [gif(), jpeg(), pngFile('c.png', MAX_ATTACHMENT_BYTES)]);
    expect(check.accepted.map((file) => file.name)).toEqual(['risa.gif', 'foto.jpg', 'c.png']);
    expect(rejectionNotices(check)).toEqual([]);
  });

  it('refuses a file over 5 MB, with the portal message and the widget wording', async () => {
    const check = await checkAttachments([], [pngFile('grande.png', MAX_ATTACHMENT_BYTES + 1), pngFile('bien.png')]);
    expect(check.accepted.map((file) => file.name)).toEqual(['bien.png']);
    expect(rejectionNotices(check)).toEqual([
      {
        message: 'Los siguientes archivos exceden el límite de 5MB: grande.png',
        details: ['grande.png: File is larger than 5242880 bytes'],
      },
    ]);
  });

  it('refuses what is not a JPEG, PNG or GIF', async () => {
    const check = await checkAttachments([], [text(), text('disfrazado.png')]);
    expect(check.accepted).toEqual([]);
    const [notice] = rejectionNotices(check);
    expect(notice?.message).toBe('Solo se permiten imágenes JPEG, PNG o GIF: notas.txt, disfrazado.png');
    expect(notice?.details).toEqual([
      'notas.txt: File type must be one of image/jpeg, image/png, image/gif',
      'disfrazado.png: File type must be one of image/jpeg, image/png, image/gif',
    ]);
  });

  it('refuses a whole batch that would pass five files', async () => {
    const chosen = [pngFile('1.png'), pngFile('2.png'), pngFile('3.png'), pngFile('4.png')];
    const check = await checkAttachments(chosen, [pngFile('5.png'), pngFile('6.png')]);
    expect(check.accepted).toEqual([]);
    expect(rejectionNotices(check)).toEqual([{ message: 'No puedes adjuntar más de 5 archivos', details: ['Too many files'] }]);
    expect((await checkAttachments(chosen, [pngFile('5.png')])).accepted).toHaveLength(1);
  });
});
