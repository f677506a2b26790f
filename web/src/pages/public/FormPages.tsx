import { Card, Typography } from 'antd';
import { useCommunityName } from '../../api/queries';
import { ArtistApplicationForm } from '../../components/forms/ArtistApplicationForm';
import { ContactForm } from '../../components/forms/ContactForm';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';

export function ContactPage() {
  const communityName = useCommunityName();
  return (
    <Page title={PAGE_TITLES['/contact']} titleSuffix={` ${communityName}`} subtitle={`¿Tienes dudas, sugerencias o un problema? Escríbenos y el equipo de ${communityName} te responderá.`}>
      <Card className="form-card">
        <ContactForm subjectRequired={false} />
      </Card>
    </Page>
  );
}

export function ArtistApplicationPage() {
  const communityName = useCommunityName();
  return (
    <Page title={PAGE_TITLES['/artist-application']} subtitle={`¿Te gusta dibujar? Únete al equipo de dibujantes de ${communityName}.`}>
      <Card className="form-card">
        <Typography.Paragraph>
          Déjanos tu Gmail y tu teléfono. Revisaremos tu aplicación y, si eres seleccionado(a), te contactaremos para los
          siguientes pasos.
        </Typography.Paragraph>
        <ArtistApplicationForm />
      </Card>
    </Page>
  );
}
