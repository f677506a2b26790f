import { Button } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useThemeMode } from '../../theme/context';

/** Switches between the light and the dark theme. */
export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const dark = mode === 'dark';
  return (
    <Button
      shape="round"
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggle}
      aria-pressed={dark}
      aria-label={dark ? 'Cambiar a tema claro' : 'Cambiar a tema oscuro'}
    >
      {dark ? 'Tema claro' : 'Tema oscuro'}
    </Button>
  );
}
