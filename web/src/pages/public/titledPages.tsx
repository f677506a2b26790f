import { useCommunityName } from '../../api/queries';
import { Page } from '../../components/Page';

export function ShopPage() {
  return <Page title="Tienda" />;
}

export function NewsPage() {
  return <Page title="Noticias" />;
}

export function NewsDetailPage() {
  return <Page title="Noticia" />;
}

export function ContactPage() {
  const communityName = useCommunityName();
  return <Page title={`Contacto ${communityName}`} />;
}

export function ArtistApplicationPage() {
  return <Page title="Convocatoria de Dibujantes" />;
}

export function PrivacyPolicyPage() {
  return <Page title="Política de Privacidad" />;
}
