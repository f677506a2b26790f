import { matchPath } from 'react-router';
import type { Ability, PanelId, PanelLevel, Profile } from '../api/types';

/** What a profile allows, as the server decided it: the same answers in the app and before it renders. */
export interface Rights {
  /**
   * Whether the permission matrix grants the user a right on a panel (false when signed out).
   * The server applies the same matrix; this only spares the user buttons it would refuse.
   */
  can: (panel: PanelId, level: PanelLevel) => boolean;
  /** Whether the server grants the user one of the rules outside the matrix (false when signed out). */
  may: (ability: Ability) => boolean;
  /** Whether the server lets the user open the page at this path (false when signed out). */
  mayOpen: (path: string) => boolean;
  /**
   * Whether the navigation offers the user the page at this path: one they may open that is
   * not a dead end for them (a Trial member's dashboard), as the server's menu says.
   */
  offers: (path: string) => boolean;
}

/**
 * Whether a path is one of `patterns`, answered once per path: the bar, the user's menu and
 * every protected page ask about the same paths on each render, and each answer tried every
 * pattern of the profile.
 */
function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const answers = new Map<string, boolean>();
  return (path) => {
    let answer = answers.get(path);
    if (answer === undefined) {
      answer = patterns.some((pattern) => matchPath(pattern, path) !== null);
      answers.set(path, answer);
    }
    return answer;
  };
}

/** The rights of `profile`; none without one. A profile stored by an older version lacks some fields until the refresh answers. */
export function rightsOf(profile: Partial<Profile> | null): Rights {
  return {
    can: (panel, level) => profile?.panels?.[panel]?.[level] ?? false,
    may: (ability) => profile?.abilities?.[ability] ?? false,
    mayOpen: pathMatcher(profile?.pages ?? []),
    // A profile from an older version has no menu: its pages stand in until the refresh.
    offers: pathMatcher(profile?.menu ?? profile?.pages ?? []),
  };
}
