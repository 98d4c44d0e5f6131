import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BusyProvider } from './components/Busy';
import { ToastProvider } from './components/Toasts';
import { routes } from './routes';
import './styles/tokens.css';
import './styles/app.css';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ToastProvider>
      <BusyProvider>
        <RouterProvider router={router} />
      </BusyProvider>
    </ToastProvider>
  </StrictMode>,
);
