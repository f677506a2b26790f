import { Flex, Image, Spin, Typography } from 'antd';
import { FileImageOutlined } from '@ant-design/icons';
import { useTicketFile } from '../../api/tickets';
import type { TicketFile } from '../../api/types';
import { OneLineText } from '../OneLineText';

const THUMB_SIZE = 160;

/** An attached image, downloaded with the user's token; a click opens it large. */
export function TicketImage({ file }: { file: TicketFile }) {
  const src = useTicketFile(file.url);

  if (src.isSuccess) {
    return (
      <Image
        src={src.data}
        alt={file.filename}
        width={THUMB_SIZE}
        className="ticket-image"
        style={{ maxHeight: THUMB_SIZE, objectFit: 'cover' }}
      />
    );
  }
  return (
    <Flex vertical align="center" justify="center" gap={6} className="ticket-image-placeholder" style={{ width: THUMB_SIZE, height: 100 }}>
      {src.isPending ? <Spin size="small" /> : <FileImageOutlined style={{ fontSize: 22 }} />}
      <OneLineText type="secondary" text={file.filename} style={{ maxWidth: THUMB_SIZE - 16, fontSize: 12 }} />
      {src.isError ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {src.error.message}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
