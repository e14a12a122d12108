import { Classes, Icon } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { TenantSelector } from '../tenants/TenantSelector';
import { cx } from '../shared/cx';
import { useAppState } from '../shared/store';
import { visibleNavigation } from '../shared/layout/navigation';

/** The navigation drawer: tenant selector, then the groups the user may see. */
export function NavDrawer({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const permissions = useAppState((state) => state.user?.permissions);
  const currentTenantId = useAppState((state) => state.currentTenantId);
  if (!permissions) return null;
  const groups = visibleNavigation(permissions, currentTenantId);

  return (
    <aside id="admin-drawer" className={cx('admin-drawer', open && 'admin-drawer-open')} hidden={!open}>
      <TenantSelector />
      <nav aria-label="Hauptnavigation">
        <ul className={cx(Classes.MENU, 'admin-nav')}>
          {groups.map((group) => (
            <li key={group.key} className="admin-nav-group">
              {group.header ? <h6 className={cx(Classes.HEADING, Classes.MENU_HEADER, 'admin-nav-header')}>{group.header}</h6> : null}
              <ul className="admin-nav-list">
                {group.entries.map((entry) => (
                  <li key={entry.path}>
                    <NavLink
                      to={entry.path}
                      end
                      onClick={onNavigate}
                      className={({ isActive }) => cx(Classes.MENU_ITEM, isActive && 'admin-nav-active')}
                    >
                      <Icon icon={entry.icon} />
                      <span className={Classes.FILL}>{entry.label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
