import {
  Alert,
  App as AntApp,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  DatePicker,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  FloatButton,
  Form,
  Image,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Radio,
  Rate,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Switch,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { Tabs } from '../components/Tabs';

/** The components of the pages read without signing in (news, shop, laws): a much smaller sheet. */
function ReadPageComponents() {
  return (
    <>
      <Alert title="-" />
      <Badge count={1} />
      <Button>-</Button>
      <Card title="-" />
      <Drawer open={false} />
      <Empty />
      <Flex />
      <Input.Search />
      <Menu items={[{ key: '1', label: '-' }]} />
      <Pagination total={20} />
      <Progress percent={1} />
      <Result title="-" />
      <Row>
        <Col span={24} />
      </Row>
      <Skeleton />
      <Spin />
      <Switch />
      <Tabs items={[{ key: '1', label: '-' }]} />
      <Tag>-</Tag>
      <Tag color="green">-</Tag>
      <Tag color="success">-</Tag>
      <Tooltip title="-">
        <span />
      </Tooltip>
      <Typography.Text>-</Typography.Text>
    </>
  );
}

/** Which pages the catalog is for: the read pages, or every page (forms and the signed-in area). */
export type CatalogScope = 'read' | 'every';

/**
 * One of each antd component the app uses, never shown: the prerender renders it to collect
 * their rules into a stylesheet (scripts/prerender.mjs), so that antd in the browser finds
 * every component's rules already written instead of generating them while a page's content
 * first renders, which on a slow phone held the main thread for a second. A component
 * missing here still works: antd generates its rules as before. Props only where a
 * component renders nothing (and so registers no rules) without them.
 */
export function StyleCatalog({ scope }: { scope: CatalogScope }) {
  if (scope === 'read') {
    return (
      <Layout>
        <Layout.Header />
        <Layout.Content>
          <ReadPageComponents />
        </Layout.Content>
      </Layout>
    );
  }
  return (
    <AntApp>
      <Layout>
        <Layout.Header />
        <Layout.Content>
          <ReadPageComponents />
          <Avatar />
          <Checkbox />
          <Collapse items={[{ key: '1', label: '-' }]} />
          <DatePicker />
          <DatePicker.RangePicker />
          <Descriptions items={[{ key: '1', label: '-', children: '-' }]} />
          <Dropdown menu={{ items: [] }}>
            <span />
          </Dropdown>
          <FloatButton />
          <Form>
            <Form.Item label="-">
              <Input />
            </Form.Item>
          </Form>
          <Image src="" alt="" />
          <Input.TextArea />
          <InputNumber />
          <List dataSource={[1]} renderItem={() => <List.Item>-</List.Item>} />
          <Modal open={false} />
          <Popconfirm title="-">
            <span />
          </Popconfirm>
          <Radio.Group options={['-']} />
          <Rate />
          <Segmented options={['-']} />
          <Select />
          <Space />
          <Statistic value={1} />
          <Table columns={[{ key: '1', title: '-' }]} dataSource={[]} />
          <Timeline items={[{ children: '-' }]} />
          <Upload.Dragger />
        </Layout.Content>
      </Layout>
    </AntApp>
  );
}
