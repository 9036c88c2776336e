import { AdminApp } from '@workshop/admin-ui';
import { useState } from 'react';
import { createWebPlatform } from './web-platform';

/** Mounts the shared admin at /admin/* with the browser Platform (its own lazily loaded chunk). */
export default function AdminEntry() {
  const [platform] = useState(createWebPlatform);
  return <AdminApp platform={platform} />;
}
