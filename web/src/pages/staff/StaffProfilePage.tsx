import { Flex } from 'antd';
import { useStaffProfile } from '../../api/staff';
import type { StaffProfile } from '../../api/types';
import { BackToDashboard } from '../../components/BackToDashboard';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryState } from '../../components/QueryState';
import { FigureCards, NotesAndWarnings, StaffHeader, profileFigures } from './StaffSummary';

/** The signed-in staff member's profile: status, hire date, rating, time, tickets, notes and warnings. */
export function StaffProfilePage() {
  const profile = useStaffProfile();
  return (
    <Page title={PAGE_TITLES['/staff/profile']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <QueryState queries={profile} loading={<Loading />}>
        {() => {
          const data = profile.data as StaffProfile;
          return (
            <>
              <StaffHeader profile={data} />
              <FigureCards figures={profileFigures(data)} />
              <NotesAndWarnings profile={data} />
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
