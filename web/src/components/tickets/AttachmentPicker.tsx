import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { readAsDataUrl } from '../../api/dataUrl';
import { megabytes } from '../fileType';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, checkAttachments, rejectionNotices, type RejectionNotice } from './attachments';

interface AttachmentPickerProps {
  value: File[];
  onChange: (files: File[]) => void;
  /** A large drop area, or a compact button for the reply box. */
  variant?: 'dragger' | 'button';
  disabled?: boolean;
}

const uploadFiles = new WeakMap<File, UploadFile>();
let nextUid = 0;

/** The upload list's entry of a file, the same object every time, so that its thumbnail is made once. */
function asUploadFile(file: File): UploadFile {
  let entry = uploadFiles.get(file);
  if (entry === undefined) {
    nextUid += 1;
    entry = { uid: `attachment-${nextUid}`, name: file.name, size: file.size, type: file.type, status: 'done', originFileObj: file as UploadFile['originFileObj'] };
    uploadFiles.set(file, entry);
  }
  return entry;
}

export const ATTACHMENT_HINT = `Hasta ${MAX_ATTACHMENTS} imágenes JPEG, PNG o GIF de ${megabytes(MAX_ATTACHMENT_BYTES)}MB cada una.`;

/** Chooses the images of a message; refuses, before anything is sent, files that break the limits. */
export function AttachmentPicker({ value, onChange, variant = 'dragger', disabled = false }: AttachmentPickerProps) {
  const [notices, setNotices] = useState<RejectionNotice[]>([]);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const addBatch = async (batch: File[]) => {
    const check = await checkAttachments(latest.current, batch);
    setNotices(rejectionNotices(check));
    if (check.accepted.length > 0) {
      const next = [...latest.current, ...check.accepted];
      latest.current = next;
      onChange(next);
    }
  };

  const common = {
    multiple: true,
    disabled,
    fileList: value.map(asUploadFile),
    listType: 'picture' as const,
    previewFile: readAsDataUrl,
    beforeUpload: (file: File, batch: File[]) => {
      if (file === batch[0]) void addBatch(batch);
      return Upload.LIST_IGNORE;
    },
    onRemove: (removed: UploadFile) => {
      const next = latest.current.filter((file) => asUploadFile(file).uid !== removed.uid);
      latest.current = next;
      onChange(next);
      return false;
    },
  };

  return (
    <div className="attachment-picker">
      {variant === 'dragger' ? (
        <Upload.Dragger {...common} aria-label="Adjuntar imágenes">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Arrastra imágenes aquí o haz clic para elegirlas</p>
          <p className="ant-upload-hint">{ATTACHMENT_HINT}</p>
        </Upload.Dragger>
      ) : (
        <Upload {...common}>
          <Button icon={<PaperClipOutlined />} disabled={disabled}>
            Adjuntar imágenes
          </Button>
        </Upload>
      )}
      {notices.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 8 }}
          closable={{ onClose: () => setNotices([]), 'aria-label': 'Cerrar' }}
          title={
            <>
              {notices.map((notice) => (
                <div key={notice.message}>{notice.message}</div>
              ))}
            </>
          }
          description={
            <>
              {notices.flatMap((notice) =>
                notice.details.map((detail) => (
                  <Typography.Text key={detail} type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {detail}
                  </Typography.Text>
                )),
              )}
            </>
          }
        />
      ) : null}
    </div>
  );
}
