import { Card } from 'antd';
import { useCommunityName } from '../../api/queries';
import { ContactForm } from '../../components/forms/ContactForm';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { RequestRegion } from '../../ssr/browserOnly';

export function ContactPage() {
  const communityName = useCommunityName();
  return (
    <Page title={PAGE_TITLES['/contact']} titleSuffix={` ${communityName}`} subtitle={`¿Tienes dudas, sugerencias o un problema? Escríbenos y el equipo de ${communityName} te responderá.`}>
      <Card className="form-card">
        {/* A form works only once the app runs: until then its place holds a loader, never fields a reader could type into and lose. */}
        <RequestRegion className="form-slot" fallback={<Loading />}>
          <ContactForm subjectRequired={false} />
        </RequestRegion>
      </Card>
    </Page>
  );
}
