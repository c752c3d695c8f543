import { createBrowserRouter } from 'react-router';
import { TodayPage } from '../features/today/TodayPage.tsx';
import { LanguageLayout } from './LanguageLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export const router = createBrowserRouter([
  {
    element: <LanguageLayout />,
    children: [
      { path: '/', element: <TodayPage /> },
      { path: '/:lang', element: <TodayPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
