import { Flex } from 'antd';
import { useStaffProfile } from '../../api/staff';
import { BackToDashboard } from '../../components/BackToDashboard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { FigureCards, NotesAndWarnings, StaffHeader, profileFigures } from './StaffSummary';

/** The signed-in staff member's profile: status, hire date, rating, time, tickets, notes and warnings. */
export function StaffProfilePage() {
  const profile = useStaffProfile();
  return (
    <Page title="Mi Perfil">
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <ErrorBanner message={profile.error?.message} />
      {profile.isPending ? <Loading /> : null}
      {profile.data ? (
        <>
          <StaffHeader profile={profile.data} />
          <FigureCards figures={profileFigures(profile.data)} />
          <NotesAndWarnings profile={profile.data} />
        </>
      ) : null}
    </Page>
  );
}
