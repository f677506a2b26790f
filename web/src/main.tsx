import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { listenForWindowFocus } from './api/queryClient';
import { ensureCsrfToken } from './security/csrf';
import './index.css';
import './accessibility.css';

ensureCsrfToken();
listenForWindowFocus();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
