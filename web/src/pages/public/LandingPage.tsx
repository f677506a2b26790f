import { Flex } from 'antd';
import { useCommunityName } from '../../api/queries';
import { ThemeToggle } from './ThemeToggle';

export function LandingPage() {
  const communityName = useCommunityName();
  return (
    <Flex vertical gap={48}>
      <header className="hero">
        <h1>{communityName}</h1>
        <p>La comunidad de roleplay mexicano en Roblox.</p>
      </header>
      <Flex justify="center">
        <ThemeToggle />
      </Flex>
    </Flex>
  );
}
