import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Typography, Upload, type UploadFile } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { readAsDataUrl } from '../../api/dataUrl';
import { checkFiles, fileNotices, type FileNotice, type FileRules } from './businessFiles';

const uploadFiles = new WeakMap<File, UploadFile>();
let nextUid = 0;

/** The upload list's entry of a file, the same object every time. */
function asUploadFile(file: File): UploadFile {
  let entry = uploadFiles.get(file);
  if (entry === undefined) {
    nextUid += 1;
    entry = { uid: `business-file-${nextUid}`, name: file.name, size: file.size, type: file.type, status: 'done', originFileObj: file as UploadFile['originFileObj'] };
    uploadFiles.set(file, entry);
  }
  return entry;
}

interface BusinessFilePickerProps {
  value: File[];
  onChange: (files: File[]) => void;
  rules: FileRules;
  /** The button's label, e.g. 'Adjuntar documentos'. */
  label: string;
  hint: string;
  variant: 'documents' | 'logo';
  disabled?: boolean;
}

/**
 * Chooses files that stay in the page until the form is sent (nothing uploads on its own);
 * refuses, with the reason, files that break the rules.
 */
export function BusinessFilePicker({ value, onChange, rules, label, hint, variant, disabled = false }: BusinessFilePickerProps) {
  const [notices, setNotices] = useState<FileNotice[]>([]);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const addBatch = async (batch: File[]) => {
    const check = await checkFiles(latest.current, batch, rules);
    setNotices(fileNotices(check, rules));
    if (check.next.length !== latest.current.length || check.next.some((file, i) => file !== latest.current[i])) {
      latest.current = check.next;
      onChange(check.next);
    }
  };

  return (
    <div className="business-file-picker">
      <Upload
        multiple={rules.maxFiles > 1}
        accept={rules.accept}
        disabled={disabled}
        fileList={value.map(asUploadFile)}
        listType={variant === 'logo' ? 'picture' : 'text'}
        previewFile={readAsDataUrl}
        beforeUpload={(file: File, batch: File[]) => {
          if (file === batch[0]) void addBatch(batch);
          return false;
        }}
        onRemove={(removed) => {
          const next = latest.current.filter((file) => asUploadFile(file).uid !== removed.uid);
          latest.current = next;
          onChange(next);
          setNotices([]);
          return false;
        }}
      >
        <Button icon={variant === 'logo' ? <PictureOutlined /> : <UploadOutlined />} disabled={disabled}>
          {label}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        {hint}
      </Typography.Text>
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
