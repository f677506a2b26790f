import { Card, Typography } from 'antd';
import { useCommunityName } from '../../api/queries';
import { ArtistApplicationForm } from '../../components/forms/ArtistApplicationForm';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { RequestRegion } from '../../ssr/browserOnly';

export function ArtistApplicationPage() {
  const communityName = useCommunityName();
  return (
    <Page title={PAGE_TITLES['/artist-application']} subtitle={`¿Te gusta dibujar? Únete al equipo de dibujantes de ${communityName}.`}>
      <Card className="form-card">
        <Typography.Paragraph>
          Déjanos tu Gmail y tu teléfono. Revisaremos tu aplicación y, si eres seleccionado(a), te contactaremos para los
          siguientes pasos.
        </Typography.Paragraph>
        {/* A form works only once the app runs: until then its place holds a loader, never fields a reader could type into and lose. */}
        <RequestRegion className="form-slot" fallback={<Loading />}>
          <ArtistApplicationForm />
        </RequestRegion>
      </Card>
    </Page>
  );
}
