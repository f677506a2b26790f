import type { MouseEvent } from 'react';

/** The id of the page's main region, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'contenido';

/**
 * The first stop of the keyboard: hidden until focused, it takes a keyboard or screen-reader
 * user past the navigation bar straight to the page's content.
 */
export function SkipLink() {
  // Focus is moved by hand: following the "#contenido" fragment would put it in the address,
  // and the router would see that as a navigation.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus(); // focusing scrolls it into view
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Saltar al contenido
    </a>
  );
}
