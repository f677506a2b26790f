import { Flex, Spin, Typography } from 'antd';

export const VERIFYING_TEXT = 'Verifying authentication...';

/** A centred spinner with a line of text under it. */
export function Loading({ text }: { text?: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 240 }} role="status">
      <Spin size="large" />
      {text ? <Typography.Text type="secondary">{text}</Typography.Text> : null}
    </Flex>
  );
}
