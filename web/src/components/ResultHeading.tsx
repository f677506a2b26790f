import type { ReactNode } from 'react';

/** The title of a page that is a lone antd Result (404, 403...): the page's h1, in the Result's style. */
export function ResultHeading({ children }: { children: ReactNode }) {
  return <h1 className="result-heading">{children}</h1>;
}
