import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TutorialEntry, TutorialFolder, TutorialSourceInfo } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { fetchReportingUpload, type OnUploadProgress } from '../../../lib/upload-progress';

const keys = {
  tree: ['tutorials', 'tree'] as const,
  source: ['tutorials', 'source'] as const,
};

/** Where the server streams a tutorial file (the video and image previews use it directly). */
export function tutorialFileUrl(fileId: string) {
  return `/api/google-drive/downloadFile?fileId=${encodeURIComponent(fileId)}`;
}

/** The folders and their files; a source that is down (502) is shown at once, not retried. */
export function useTutorialTree() {
  return useQuery({
    queryKey: keys.tree,
    queryFn: () => api.get<TutorialFolder[]>('/api/google-drive/getTree'),
    retry: false,
  });
}

export function useTutorialSource() {
  return useQuery({
    queryKey: keys.source,
    queryFn: () => api.get<TutorialSourceInfo>('/api/google-drive/source'),
    staleTime: Infinity,
  });
}

/** Admin: the server lists the source again instead of answering the tree it keeps. */
export function useRefreshTutorials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<TutorialFolder[]>('/api/google-drive/getTree', { query: { refresh: true } }),
    onSuccess: (tree) => client.setQueryData(keys.tree, tree),
  });
}

export function useCreateTutorialFolder() {
  return useMutation({
    mutationFn: (name: string) => api.post<TutorialEntry>('/api/google-drive/createFolder', { name }),
  });
}

interface TutorialUpload {
  folderId: string;
  file: File;
  signal?: AbortSignal;
  onProgress?: OnUploadProgress;
}

export function useUploadTutorial() {
  return useMutation({
    mutationFn: ({ folderId, file, signal, onProgress }: TutorialUpload) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<TutorialEntry>('/api/google-drive/uploadFile', form, {
        query: { folderId },
        signal,
        transport: onProgress && fetchReportingUpload(onProgress),
      });
    },
  });
}
