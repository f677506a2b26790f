import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { PageTitle } from '../pageTitles';

interface PageProps {
  /** The page's title from pageTitles.ts, which the server also writes into the head. */
  title: PageTitle;
  /** What follows the title in the heading only, e.g. whose record it is. */
  titleSuffix?: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/**
 * A page's frame: its title (the page's one h1, drawn at the size of a section title), an
 * optional subtitle and its content.
 */
export function Page({ title, titleSuffix, subtitle, children }: PageProps) {
  return (
    <section className="page">
      <Typography.Title level={1} className="page-title" style={{ marginTop: 0 }}>
        {title}
        {titleSuffix}
      </Typography.Title>
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      {children}
    </section>
  );
}
