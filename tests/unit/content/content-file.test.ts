import { describe, expect, test } from 'vitest';
import { contentDisplayName } from '../../../generator/content/content-file.ts';

describe('contentDisplayName: how problems name the content file', () => {
  test('relative to the working folder when inside it; whole when not, never as a climb of ../', () => {
    expect(contentDisplayName('/work/site/content.yaml', '/work/site')).toBe('content.yaml');
    expect(contentDisplayName('/work/site/data/content.yaml', '/work/site')).toBe('data/content.yaml');
    expect(contentDisplayName('/etc', '/tmp/project')).toBe('/etc');
    expect(contentDisplayName('/tmp/other/content.yaml', '/tmp/project')).toBe('/tmp/other/content.yaml');
  });
});
