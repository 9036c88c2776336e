import { AdminLayout } from '../layout/admin-layout';
import { AntdRoot } from './antd-root';
import { TwoFactorGate } from './two-factor-gate';

/** The signed-in shell (antd, sidebar, top bar, live toasts): a chunk of its own, fetched after sign-in. */
export function AdminShell() {
  return (
    <AntdRoot>
      <TwoFactorGate>
        <AdminLayout />
      </TwoFactorGate>
    </AntdRoot>
  );
}
