import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useCommunityName, usePrivacyConfig, type PrivacyConfig } from '../../api/queries';
import { formatDay } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { RequestRegion } from '../../ssr/browserOnly';

const { Title, Paragraph } = Typography;

/** What the notice says of a value the configuration leaves empty. */
export const NOT_CONFIGURED = '(sin configurar)';

/** What stands for a value of the configuration until it is known (the prerendered page, before the app runs). */
const UNKNOWN = '…';

/**
 * The configuration's privacy values are not known to the prerender (entry-server.tsx): the
 * parts that show them render in the browser, and the HTML holds `render(undefined)`, the
 * same text with the values unsaid.
 */
function FromConfig({ render }: { render: (privacy: PrivacyConfig | undefined) => ReactNode }) {
  return (
    <RequestRegion fallback={render(undefined)}>
      <WithPrivacy render={render} />
    </RequestRegion>
  );
}

function WithPrivacy({ render }: { render: (privacy: PrivacyConfig | undefined) => ReactNode }) {
  return render(usePrivacyConfig());
}

/** A text of the configuration: "(sin configurar)" when empty. */
function configured(value: string | undefined): string {
  if (value === undefined) return UNKNOWN;
  return value.trim() === '' ? NOT_CONFIGURED : value;
}

function days(count: number, unit: 'hábil' | 'natural'): string {
  return count === 1 ? `1 día ${unit}` : `${count} días ${unit === 'hábil' ? 'hábiles' : 'naturales'}`;
}

function responsible(privacy: PrivacyConfig | undefined) {
  const email = privacy?.contactEmail.trim() ?? '';
  return (
    <ul>
      <li>
        <strong>Nombre:</strong> {configured(privacy?.responsibleName)}
      </li>
      <li>
        <strong>Domicilio:</strong> {configured(privacy?.responsibleAddress)}
      </li>
      <li>
        <strong>Correo para asuntos de datos personales:</strong>{' '}
        {email !== '' ? <a href={`mailto:${email}`}>{email}</a> : configured(privacy?.contactEmail)}
      </li>
    </ul>
  );
}

function responseTerm(privacy: PrivacyConfig | undefined) {
  const term = privacy ? <strong>{days(privacy.responseDays, 'hábil')}</strong> : 'el número de días hábiles que fija la comunidad';
  return (
    <Paragraph>
      Te respondemos en un máximo de {term}, contados en la zona horaria de la comunidad, sin sábados ni domingos, sin los días
      de descanso obligatorio del artículo 74 de la Ley Federal del Trabajo y sin los días de cierre que la comunidad anuncie.
      En «Mis datos» ves el estado de cada solicitud y su respuesta, y te avisamos por mensaje directo de Discord, salvo que te
      hayas opuesto a esos avisos.
    </Paragraph>
  );
}

function cancellation(privacy: PrivacyConfig | undefined) {
  let suppression: ReactNode;
  if (!privacy) {
    suppression = <>al terminar el plazo de bloqueo que fija la comunidad</>;
  } else if (privacy.blockingDays === 0) {
    suppression = <>en cuanto se aprueba, sin plazo de bloqueo</>;
  } else {
    suppression = (
      <>
        al terminar el plazo de bloqueo de <strong>{days(privacy.blockingDays, 'natural')}</strong>
      </>
    );
  }
  return (
    <ol>
      <li>
        <strong>Bloqueo.</strong> En cuanto se aprueba, tus datos salen de toda vista, búsqueda y PDF del portal y de la API del
        juego. Donde una fila debe quedarse (una venta, un ticket), tu nombre aparece como «[bloqueado]».
      </li>
      <li>
        <strong>Supresión.</strong> Se suprimen {suppression}: tus datos se borran o se sustituyen por «[suprimido]», se
        eliminan tus archivos y se borran las publicaciones de Discord sobre ellos.
      </li>
    </ol>
  );
}

function lastChange(privacy: PrivacyConfig | undefined) {
  const date = privacy ? formatDay(privacy.noticeUpdated) || NOT_CONFIGURED : UNKNOWN;
  return (
    <Paragraph>
      <strong>Última actualización:</strong> {date}.
    </Paragraph>
  );
}

/** The place of the member's requests: "Mis datos" on their profile. */
function MyDataLink() {
  return (
    <>
      la tarjeta «Mis datos» de <Link to="/perfil">tu perfil</Link>
    </>
  );
}

export function PrivacyPolicyPage() {
  const communityName = useCommunityName();
  return (
    <Page
      title={PAGE_TITLES['/privacy-policy']}
      subtitle={`Aviso de privacidad integral de ${communityName}: qué datos personales tratamos, para qué, con quién los compartimos y cómo ejercer tus derechos.`}
    >
      <Card className="policy">
        <Paragraph>
          {communityName} es una comunidad de rol de Roblox con este portal y un bot de Discord. Este aviso cumple con la Ley
          Federal de Protección de Datos Personales en Posesión de los Particulares (publicada en el Diario Oficial de la
          Federación el 20 de marzo de 2025).
        </Paragraph>

        <section>
          <Title level={3}>1. Responsable</Title>
          <Paragraph>El responsable de tus datos personales es:</Paragraph>
          <FromConfig render={responsible} />
          <Paragraph>
            Puedes escribir a ese correo sobre cualquier asunto de tus datos, o hacer tus solicitudes desde <MyDataLink /> (sección
            5).
          </Paragraph>
        </section>

        <section>
          <Title level={3}>2. Datos que tratamos</Title>
          <Paragraph>Solo tratamos los datos que el portal y el bot usan, por categoría:</Paragraph>
          <ul>
            <li>
              <strong>Identidad de Discord</strong>, al iniciar sesión: tu identificador, nombre de usuario, avatar y correo
              electrónico, y tus roles en el servidor de Discord de la comunidad, que deciden qué secciones ves.
            </li>
            <li>
              <strong>Cuenta de Roblox vinculada</strong>, al verificarla con Roblox: tu identificador y nombre de usuario de Roblox
              (con tu nombre visible y tu imagen); y, según tu rango en el grupo de Roblox de la comunidad, los roles y el apodo que
              el bot te da en Discord.
            </li>
            <li>
              <strong>Documentos de identidad del juego</strong> (INE o pasaporte de tu personaje): nombre, apellido, fecha de
              nacimiento, estado y municipio o país, y tu usuario de Roblox.
            </li>
            <li>
              <strong>Expediente penal del juego</strong>: los cargos a tu nombre, registrados por moderadores en el portal o en
              Discord, o por los servidores del juego, que lo consultan y le agregan cargos mediante una clave de API.
            </li>
            <li>
              <strong>Tickets de soporte</strong>: sus mensajes, los archivos que adjuntas y la calificación que das a la atención.
            </li>
            <li>
              <strong>Staff</strong>, si formas parte del equipo: turnos, pausas, ausencias, horas frente a la cuota de tu rol,
              reportes de turno, y las notas y advertencias de tu expediente de staff.
            </li>
            <li>
              <strong>Votaciones legislativas</strong> (SCJN y Congreso): tus votos, las iniciativas que presentas y los puntos del
              orden del día que agregas.
            </li>
            <li>
              <strong>Tesorería</strong>: las ventas en que compras o vendes, con tu nombre de Discord como comprador.
            </li>
            <li>
              <strong>Negocios del SAT</strong>: los negocios que registras (nombre del dueño, RFC del juego y logotipo) y sus
              documentos.
            </li>
            <li>
              <strong>Mensajes de contacto y aplicaciones de artista</strong>: nombre, correo electrónico, teléfono y lo que nos
              escribes.
            </li>
            <li>
              <strong>Registro de cambios</strong>: quién hizo qué y cuándo, con el valor anterior y el nuevo, de lo que haces en el
              portal y de lo que otros cambian sobre ti; también cada descarga de tus datos.
            </li>
            <li>
              <strong>Direcciones de red</strong>: tu dirección IP cuenta los intentos de inicio de sesión y los envíos de
              formularios públicos para limitar abusos; esa cuenta se borra a los pocos minutos. El servidor también la anota en
              sus registros técnicos.
            </li>
            <li>
              <strong>Sesiones y decisiones</strong>: cuándo iniciaste sesión y cuándo vence cada sesión; las finalidades a las que
              te opusiste, si declaraste ser menor de edad, y tus solicitudes sobre tus datos.
            </li>
          </ul>
          <Paragraph>
            No pedimos datos personales sensibles. Los documentos y el expediente son de tu personaje dentro del juego: no escribas
            en ellos, ni en tus tickets o mensajes, datos reales sobre tu salud, creencias, origen u otros datos sensibles.
          </Paragraph>
        </section>

        <section>
          <Title level={3}>3. Finalidades</Title>
          <Title level={4}>Finalidades necesarias</Title>
          <Paragraph>Sin ellas no podemos darte el servicio:</Paragraph>
          <ul>
            <li>Operar tu cuenta y el rol: iniciar tu sesión con Discord y mostrarte lo que tus roles permiten.</li>
            <li>Emitir y mostrar tus documentos de identidad del juego.</li>
            <li>Llevar el expediente penal del juego y darlo a los servidores del juego.</li>
            <li>Atender tus tickets de soporte, tus mensajes de contacto y tu aplicación de artista.</li>
            <li>Administrar al staff: turnos, ausencias, cuotas, reportes, notas y advertencias.</li>
            <li>Llevar la Tesorería y el registro de negocios del SAT.</li>
            <li>Registrar y contar las votaciones de la SCJN y del Congreso.</li>
            <li>La seguridad y la auditoría: limitar abusos, proteger las sesiones y registrar quién cambió qué.</li>
            <li>Atender tus solicitudes sobre tus datos.</li>
          </ul>
          <Title level={4}>Finalidades voluntarias</Title>
          <Paragraph>No son necesarias para el servicio:</Paragraph>
          <ul>
            <li>Recordatorios por mensaje directo antes de que cierre una votación.</li>
            <li>Avisos por mensaje directo cuando el staff responde tus tickets.</li>
            <li>Avisos por mensaje directo sobre tus solicitudes de datos y, si eres staff, sobre tus ausencias.</li>
            <li>Roles y apodo automáticos en Discord según tu rango en el grupo de Roblox.</li>
          </ul>
          <Paragraph>
            Puedes oponerte a cualquiera de ellas desde <MyDataLink />, con una solicitud de Oposición, o a todas con la
            Revocación del consentimiento. No pierdes el acceso al portal ni al rol por hacerlo.
          </Paragraph>
        </section>

        <section>
          <Title level={3}>4. Transferencias y remisiones</Title>
          <Paragraph>No vendemos ni rentamos tus datos. Para funcionar, el portal se apoya en:</Paragraph>
          <ul>
            <li>
              <strong>Discord</strong>: inicias sesión con tu cuenta de Discord, y el bot publica en los canales de la comunidad
              (tickets, contacto, aplicaciones, ventas, expedientes, votaciones y reportes del staff) y te envía mensajes directos.
              Lo que se publica en Discord también queda sujeto a la política de privacidad de Discord.
            </li>
            <li>
              <strong>Roblox</strong>: verificas tu cuenta con Roblox, y consultamos tu rango en el grupo de la comunidad. Los
              servidores del juego de la comunidad leen expedientes y documentos (y registran cargos) por la API del juego, con una clave de API.
            </li>
            <li>
              <strong>Almacenamiento de archivos</strong>: cuando está configurado, un proveedor de almacenamiento compatible con
              S3 guarda los archivos que subes. Es una remisión: el proveedor los guarda por cuenta nuestra y no los usa para sí.
            </li>
          </ul>
          <Paragraph>Fuera de estos casos no compartimos tus datos con nadie.</Paragraph>
        </section>

        <section>
          <Title level={3}>5. Tus derechos ARCO</Title>
          <Paragraph>
            Tienes derecho a acceder a tus datos, rectificarlos, cancelarlos y oponerte a su tratamiento (derechos ARCO), y a
            revocar tu consentimiento. Inicia sesión con Discord y usa <MyDataLink />:
          </Paragraph>
          <ul>
            <li>
              <strong>Acceso</strong>: descarga al momento todo lo que guardamos sobre ti, en JSON o en PDF. Cada descarga queda
              registrada.
            </li>
            <li>
              <strong>Rectificación</strong>: pide que corrijamos un dato inexacto o incompleto.
            </li>
            <li>
              <strong>Cancelación</strong>: pide que dejemos de tratar tus datos y los eliminemos.
            </li>
            <li>
              <strong>Oposición</strong>: elige las finalidades voluntarias a las que te opones.
            </li>
            <li>
              <strong>Revocación del consentimiento</strong>: detiene todas las finalidades voluntarias.
            </li>
          </ul>
          <Paragraph>Cada solicitud lleva su motivo, con tus palabras.</Paragraph>
          <FromConfig render={responseTerm} />
          <Title level={4}>Cómo se cumple una cancelación</Title>
          <FromConfig render={cancellation} />
          <Paragraph>
            Lo que otra obligación exige conservar (el importe de una venta para la Tesorería, el conteo de un voto) se conserva
            sin tu nombre, y la respuesta a tu solicitud te dice qué se conserva y por qué.
          </Paragraph>
          <Paragraph>
            Si consideras que no atendimos tu solicitud conforme a la ley, puedes acudir a la Secretaría Anticorrupción y Buen
            Gobierno, la autoridad de protección de datos personales.
          </Paragraph>
        </section>

        <section>
          <Title level={3}>6. Menores de edad</Title>
          <Paragraph>
            Si tienes menos de 18 años, puedes declararlo al iniciar sesión por primera vez o en <Link to="/perfil">tu perfil</Link>.
            Entonces:
          </Paragraph>
          <ul>
            <li>no te enviamos los mensajes directos que el servicio no necesita (recordatorios de votación y avisos de tickets);</li>
            <li>los demás jugadores no pueden consultar tu expediente; el staff sí, para moderar;</li>
            <li>el staff solo ve una insignia de menor de edad, nunca una fecha de nacimiento.</li>
          </ul>
          <Paragraph>
            Tu madre, padre o tutor puede hacer las solicitudes por ti escribiendo al correo del responsable (sección 1).
          </Paragraph>
        </section>

        <section>
          <Title level={3}>7. Conservación y seguridad</Title>
          <ul>
            <li>Las sesiones van firmadas, vencen solas y cerrar sesión las revoca.</li>
            <li>
              Tus permisos se comprueban con tus roles actuales de Discord, no con los que tenías al iniciar sesión, y cada
              sección solo la ve el personal que la atiende.
            </li>
            <li>
              Conservamos tus datos mientras tu cuenta está activa; tras una cancelación, durante el plazo de bloqueo de la sección
              5, y después se suprimen.
            </li>
            <li>
              Usamos una cookie de sesión y el almacenamiento del navegador solo para mantener y proteger tu sesión y recordar tu tema; no usamos cookies de
              publicidad ni de rastreo.
            </li>
          </ul>
        </section>

        <section>
          <Title level={3}>8. Cambios al aviso</Title>
          <FromConfig render={lastChange} />
          <Paragraph style={{ marginBottom: 0 }}>
            Cuando este aviso cambie, lo anunciaremos en el portal y actualizaremos esta fecha.
          </Paragraph>
        </section>
      </Card>
    </Page>
  );
}
