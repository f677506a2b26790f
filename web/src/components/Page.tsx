import type { ReactNode } from 'react';
import { Typography } from 'antd';

interface PageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/**
 * A page's frame: its title (the page's one h1, drawn at the size of a section title), an
 * optional subtitle and its content.
 */
export function Page({ title, subtitle, children }: PageProps) {
  return (
    <section className="page">
      <Typography.Title level={1} className="page-title" style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      {children}
    </section>
  );
}
