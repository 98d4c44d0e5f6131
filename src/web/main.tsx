import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { BusyProvider } from './components/Busy';
import { ToastProvider } from './components/Toasts';
import { queryClient } from './lib/queryClient';
import { routes } from './routes';
import './styles/tokens.css';
import './styles/app.css';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BusyProvider>
          <RouterProvider router={router} />
        </BusyProvider>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
