import { useEffect, useRef } from 'react';
import { notifyError } from '@/lib/notify';

/** A red toast once per failed fetch (spec 000 §8); `errorUpdatedAt` tells failures apart. */
export function useErrorToast(isError: boolean, errorUpdatedAt: number, message: string): void {
  const shownFor = useRef(0);
  useEffect(() => {
    if (!isError || shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    notifyError(message);
  }, [isError, errorUpdatedAt, message]);
}
