import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useCommunityName } from '../../api/queries';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';

const { Title, Paragraph } = Typography;

export function PrivacyPolicyPage() {
  const communityName = useCommunityName();
  return (
    <Page title={PAGE_TITLES['/privacy-policy']} subtitle={`Cómo ${communityName} recopila, usa y protege tus datos.`}>
      <Card className="policy">
        <section>
          <Title level={3}>1. Datos que recopilamos</Title>
          <ul>
            <li>
              <strong>Tu identidad de Discord</strong> al iniciar sesión: identificador, nombre de usuario, avatar y correo
              electrónico.
            </li>
            <li>
              <strong>Tus roles de Discord</strong> en el servidor de la comunidad, que deciden a qué secciones del portal
              tienes acceso.
            </li>
            <li>
              <strong>Documentos de identidad</strong> del juego que creas en el portal (Identificación Nacional y Pasaporte
              Internacional): nombre, apellido, fecha de nacimiento, estado, municipio o país y tu usuario de Roblox.
            </li>
            <li>
              <strong>Tickets de soporte</strong>: sus mensajes y los archivos que adjuntes.
            </li>
            <li>
              <strong>Mensajes de contacto y aplicaciones de dibujantes</strong>: nombre, asunto, mensaje, teléfono y correo
              electrónico que nos envías en esos formularios.
            </li>
          </ul>
        </section>

        <section>
          <Title level={3}>2. Uso de los datos</Title>
          <Paragraph>
            Usamos tus datos para iniciar tu sesión y mostrarte las secciones que te corresponden, para emitir tus documentos
            dentro del juego, para atender tus tickets de soporte, para responder tus mensajes de contacto y para revisar tu
            aplicación a la convocatoria de dibujantes. No vendemos ni compartimos tus datos con terceros; solo el equipo de{' '}
            {communityName} que atiende cada sección puede verlos.
          </Paragraph>
        </section>

        <section>
          <Title level={3}>3. Almacenamiento y seguridad</Title>
          <ul>
            <li>
              Los datos se guardan en los servidores del portal de {communityName}, con acceso limitado al personal autorizado y
              conexiones cifradas.
            </li>
            <li>Tu sesión expira después de un tiempo y al cerrar sesión; para volver a entrar inicias sesión con Discord.</li>
            <li>
              Las aplicaciones de dibujantes se conservan mientras la convocatoria está abierta; después solo se conservan las de
              las personas seleccionadas.
            </li>
            <li>Los tickets de soporte y sus archivos se conservan como parte del registro de la comunidad.</li>
            <li>Los mensajes de contacto se conservan el tiempo necesario para atenderlos.</li>
          </ul>
        </section>

        <section>
          <Title level={3}>4. Tus derechos</Title>
          <Paragraph>
            Puedes pedir <strong>acceder</strong> a los datos que tenemos sobre ti, <strong>corregirlos</strong> o{' '}
            <strong>eliminarlos</strong>. Para hacerlo, abre un ticket en el <Link to="/support">Centro de Soporte</Link> o
            escríbenos desde el <Link to="/contact">formulario de contacto</Link>, indicando qué datos y qué solicitas.
          </Paragraph>
        </section>

        <section>
          <Title level={3}>5. Contacto</Title>
          <Paragraph style={{ marginBottom: 0 }}>
            Si tienes preguntas sobre esta política, escríbenos desde el <Link to="/contact">formulario de contacto</Link> o abre
            un ticket de soporte. Responderemos lo antes posible.
          </Paragraph>
        </section>
      </Card>
    </Page>
  );
}
