/** The kinds of file the portal accepts anywhere, as the server recognises them. */
export type FileType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif';

const SIGNATURES: { type: FileType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

async function headOf(file: Blob, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Uint8Array(
    await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
      reader.readAsArrayBuffer(part);
    }),
  );
}

/**
 * A file's type judged from its first bytes, as the server judges it (whatever its name
 * says); null when it is none of the known ones or cannot be read.
 */
export async function fileTypeOf(file: Blob): Promise<FileType | null> {
  let head: Uint8Array;
  try {
    head = await headOf(file, 8);
  } catch {
    return null;
  }
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte))?.type ?? null;
}

/** Whole megabytes of a limit the server gives in bytes: 5242880 → 5. */
export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
