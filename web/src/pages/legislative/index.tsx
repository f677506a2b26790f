import { Page } from '../../components/Page';

export function LegislativePage() {
  return <Page title="Sistema Legislativo" />;
}
