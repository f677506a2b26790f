import { App } from 'antd';
import { Outlet } from 'react-router';

/**
 * The pages behind a sign-in, inside antd's App: App.useApp's message, notification and
 * confirm APIs serve them only, so their code downloads with the first of these pages rather
 * than with every visitor's first page. It stays mounted while the user moves between them.
 */
export function SignedInArea() {
  return (
    <App component={false}>
      <Outlet />
    </App>
  );
}
