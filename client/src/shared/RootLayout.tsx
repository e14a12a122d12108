import { Outlet } from 'react-router-dom';
import { TestSystemBar } from './TestSystemBar';
import { useDocumentTitle } from './title';

export function RootLayout() {
  useDocumentTitle();
  return (
    <div className="app-root">
      <TestSystemBar />
      <Outlet />
    </div>
  );
}
