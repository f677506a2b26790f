import { Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTreasuryMembers } from '../../api/treasury';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { BackToTreasury } from './BackToTreasury';
import { formatCount } from './money';
import { NoMembers, memberAvatar } from './saleParts';
import { PAGE_SUBTITLES } from '../../pageSubtitles';
import { OneLineText } from '../../components/OneLineText';

function MemberList() {
  const members = useTreasuryMembers();
  if (members.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  // The page's alert says why; no list is shown rather than an empty one.
  if (members.isError) return null;
  if (members.data.length === 0) return <NoMembers />;
  return (
    <>
      <Typography.Paragraph type="secondary">{`${formatCount(members.data.length)} ${members.data.length === 1 ? 'miembro' : 'miembros'}`}</Typography.Paragraph>
      <Row gutter={[16, 16]} role="list" aria-label="Miembros de tesorería">
        {members.data.map((member) => (
          <Col key={member.id} xs={24} sm={12} lg={8} role="listitem">
            <Card size="small" className="member-card">
              <Flex gap={12} align="center">
                {memberAvatar(member, 48)}
                <Flex vertical style={{ minWidth: 0 }}>
                  <OneLineText strong text={member.username} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: member.id, tooltips: ['Copiar ID', 'Copiado'] }}>
                    {member.id}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

export function TreasuryMembersPage() {
  const members = useTreasuryMembers();
  return (
    <Page title={PAGE_TITLES['/treasury/members']} subtitle={PAGE_SUBTITLES['/treasury/members']}>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <BackToTreasury />
        <Button icon={<ReloadOutlined />} onClick={() => void members.refetch()} loading={members.isFetching}>
          Actualizar
        </Button>
      </Flex>
      <QueryErrorAlert queries={members} />
      <MemberList />
    </Page>
  );
}
