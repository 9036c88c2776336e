import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAdminPath } from '../../app/admin-paths';
import { useDocumentTitle } from '../../components/use-document-title';

/** An admin path that does not exist: said so inside the admin layout, not silently swapped for the dashboard. */
export function AdminNotFoundScreen() {
  const { pathname } = useLocation();
  const path = useAdminPath();
  const navigate = useNavigate();
  useDocumentTitle('Page not found');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>404 Oops! Page not found</h1>}
      subTitle={`There is no admin page at ${pathname}.`}
      extra={
        <Button type="primary" onClick={() => navigate(path(''))}>
          Back to Dashboard
        </Button>
      }
      data-testid="admin-not-found"
    />
  );
}
