import { useState } from 'react';
import { App } from 'antd';
import type { IdentityDocument } from '../../api/types';
import { DocumentCard } from './DocumentCard';
import { RobloxNameDialog } from './RobloxNameDialog';

/** The signed-in player's own document: its holder may correct a Roblox name that is not verified. */
export function OwnDocumentCard({ document, verifiedName }: { document: IdentityDocument; verifiedName?: string }) {
  const { message } = App.useApp();
  const [correcting, setCorrecting] = useState(false);
  return (
    <>
      <DocumentCard document={document} onCorrectName={document.robloxNameStatus === 'verified' ? undefined : () => setCorrecting(true)} />
      <RobloxNameDialog
        open={correcting}
        current={document.RobloxName}
        verifiedName={verifiedName}
        onClose={() => setCorrecting(false)}
        onCorrected={(text) => void message.success(text)}
      />
    </>
  );
}
