import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchBootstrapData, getBootstrapData } from '../bootstrap-store';
import { makeBootstrap } from '../test/fixtures';
import {
  myWorkspacesQuery,
  setActiveWorkspaceId,
  workspaceQuery,
  workspaceRequests,
} from './workspace-queries';

const sent: Request[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push(request);
      return new Response(JSON.stringify({ workspaces: [], workspace: {}, bootstrapData: makeBootstrap() }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  setActiveWorkspaceId(7);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setActiveWorkspaceId(0);
});

const workspaceIds = (request: Request | undefined) =>
  new URL(request?.url ?? 'http://x').searchParams.getAll('workspaceId');

describe('workspace calls with a current workspace (spec 7)', () => {
  it('carry its id on GET, POST and PUT like every other call', async () => {
    const client = new QueryClient();
    await client.fetchQuery(myWorkspacesQuery());
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/api/v1/me/workspaces');
    expect(workspaceIds(sent[0])).toEqual(['7']);
    await client.fetchQuery(workspaceQuery(3));
    expect(workspaceIds(sent[1])).toEqual(['7']);
    await workspaceRequests.create('Label');
    await workspaceRequests.rename(3, 'Label 2');
    await workspaceRequests.invite(3, { emails: ['a@example.com'], role: 'member' });
    await workspaceRequests.changeRole(3, 9, 'admin');
    for (const request of sent.slice(2)) {
      expect(workspaceIds(request)).toEqual(['7']);
      expect(await request.clone().json()).not.toHaveProperty('workspaceId');
    }
  });
});

describe('fresh bootstrap data', () => {
  it('asks for the current workspace too (its cookie does not reach an api on another origin)', async () => {
    await fetchBootstrapData();
    expect(new URL(sent[0]?.url ?? '').pathname).toBe('/api/v1/bootstrap-data');
    expect(workspaceIds(sent[0])).toEqual(['7']);
    expect(getBootstrapData().settings).toBeTruthy();
  });
});
