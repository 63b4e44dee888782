import type {
  TParty,
  TPartyControl,
  TPartyCreate,
  TPartyMessage,
  TPartyReactionEmoji,
} from '@cadence/contracts/party';
import { apiClient } from '@cadence/http-client/http-client';

type TControl = {
  [K in TPartyControl['action']]: Omit<Extract<TPartyControl, { action: K }>, 'revision'>;
}[TPartyControl['action']];

export type { TControl };

export const partyApi = {
  create: (body: TPartyCreate) => apiClient.post<{ party: TParty }>('parties', body).then((r) => r.party),
  get: (code: string) => apiClient.get<{ party: TParty }>(`parties/${code}`).then((r) => r.party),
  join: (code: string) => apiClient.post<{ party: TParty }>(`parties/${code}/join`).then((r) => r.party),
  leave: (code: string) => apiClient.post(`parties/${code}/leave`),
  control: (code: string, revision: number, control: TControl) =>
    apiClient
      .post<{ party: TParty }>(`parties/${code}/control`, { ...control, revision })
      .then((r) => r.party),
  remove: (code: string, userId: number) => apiClient.delete(`parties/${code}/members/${userId}`),
  send: (code: string, content: string, positionMs: number | null) =>
    apiClient
      .post<{ message: TPartyMessage }>(`parties/${code}/messages`, { content, position_ms: positionMs })
      .then((r) => r.message),
  react: (code: string, messageId: number, emoji: TPartyReactionEmoji) =>
    apiClient
      .post<{ message: TPartyMessage }>(`parties/${code}/messages/${messageId}/reactions`, { emoji })
      .then((r) => r.message),
  report: (code: string, messageId: number) => apiClient.post(`parties/${code}/messages/${messageId}/report`),
  deleteMessage: (code: string, messageId: number) =>
    apiClient.delete(`parties/${code}/messages/${messageId}`),
};
