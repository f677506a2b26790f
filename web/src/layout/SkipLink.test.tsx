import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

describe('SkipLink', () => {
  it('is the first stop of the keyboard and takes focus to the main content, leaving the address alone', async () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/news">Noticias</a>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          Contenido
        </main>
      </>,
    );
    await userEvent.tab();
    const link = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('');
  });
});
