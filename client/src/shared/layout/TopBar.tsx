import { Alignment, Button, Menu, MenuDivider, MenuItem, Navbar, PopoverNext } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '../Logo';
import { logout } from '../logout';
import { useAppState } from '../store';
import { setTheme, useTheme } from '../theme';

const SETTINGS_PATH = '/admin/einstellungen';

/** Top bar: drawer toggle, logo, theme toggle and the profile menu. */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const navigate = useNavigate();
  const theme = useTheme();
  const firstName = useAppState((state) => state.user?.firstName);

  return (
    <Navbar className="admin-topbar" role="banner">
      <Navbar.Group align={Alignment.START}>
        <Button
          variant="minimal"
          icon="menu"
          aria-label="Navigation umschalten"
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          onClick={onToggleDrawer}
        />
        <Navbar.Heading>
          <Link to="/admin/dashboard" className="admin-logo-link">
            <Logo />
          </Link>
        </Navbar.Heading>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <Button
          variant="minimal"
          icon={theme === 'dark' ? 'flash' : 'moon'}
          aria-label="Design umschalten"
          title={theme === 'dark' ? 'Helles Design' : 'Dunkles Design'}
          aria-pressed={theme === 'dark'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        />
        <PopoverNext
          placement="bottom-end"
          arrow={false}
          content={
            <Menu aria-label="Profil">
              <MenuItem icon="cog" text="Einstellungen" href={SETTINGS_PATH} onClick={(event) => (event.preventDefault(), navigate(SETTINGS_PATH))} />
              <MenuDivider />
              <MenuItem icon="log-out" text="Abmelden" onClick={() => void logout()} />
            </Menu>
          }
        >
          <Button className="admin-user-menu-button" variant="minimal" icon="user" endIcon="caret-down" text={firstName || 'User Name'} aria-haspopup="menu" />
        </PopoverNext>
      </Navbar.Group>
    </Navbar>
  );
}
