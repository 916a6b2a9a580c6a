import { describe, expect, it } from 'vitest';
import { suggestTeamName } from './team-name';

describe('suggestTeamName', () => {
  it('uses the e-mail domain in start case', () => {
    expect(suggestTeamName('ann@acme-widgets.com', 'Ann Lee')).toBe('Team Acme Widgets');
    expect(suggestTeamName('bo@EXAMPLE.co.uk', 'Bo Li')).toBe('Team Example');
  });
  it("uses the person's name for personal mail providers or when there is no domain", () => {
    expect(suggestTeamName('ann@gmail.com', 'Ann Lee')).toBe("Ann Lee's team");
    expect(suggestTeamName('ann@hotmail.co.uk', 'Ann Lee')).toBe("Ann Lee's team");
    expect(suggestTeamName('ann@yahoo.com', 'Ann Lee')).toBe("Ann Lee's team");
    expect(suggestTeamName('not-an-email', 'Ann Lee')).toBe("Ann Lee's team");
  });
});
