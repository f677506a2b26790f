import { useParams } from 'react-router';
import { Page } from '../../components/Page';

const TITLES: Record<string, string> = {
  success: 'Verification Successful!',
  error: 'Verification Failed',
};

/** The game-account verification pages, in English. */
export function VerifyPage() {
  const step = useParams()['*'] ?? '';
  return (
    <div lang="en">
      <Page title={TITLES[step] ?? 'Verify Your Account'} />
    </div>
  );
}
