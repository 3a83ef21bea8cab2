import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startApp } from './app/create-app';
import { i18nReady } from './i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's chunks start loading alongside the catalogue; rendering waits for the catalogue so no
// key shows untranslated.
const app = startApp();
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  ),
);
