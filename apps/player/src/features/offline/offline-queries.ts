import { queryOptions } from '@tanstack/react-query';
import { listDownloads, storageEstimate } from './offline-downloads';

/** Read from the browser's own storage: online or not, and fresh until a download or removal. */
export const downloadsQuery = () =>
  queryOptions({
    queryKey: ['offline', 'downloads'],
    queryFn: listDownloads,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });

export const storageQuery = () =>
  queryOptions({
    queryKey: ['offline', 'storage'],
    queryFn: storageEstimate,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });

export const OFFLINE_QUERY_KEY = ['offline'] as const;
