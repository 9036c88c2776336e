import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import AdminEntry from './admin-entry';
import '../styles/base.css';

/**
 * The web admin's own entry (admin.html, served for /admin/*): React, the router and the admin,
 * none of the public site's pages. Its screens are fetched as they are shown.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminEntry />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
