import type { UpdateAnswerReviewRequest } from '@shared/schemas/review';
import { useLibraryMutation } from '@/features/library/api/use-library-mutation';
import { api } from '@/lib/api-client';

/** POST /api/answers/{answerId}/review: a new owner, or the answer's own review-by day (null: the cycle). */
export const updateAnswerReview = ({
  answerId,
  body,
}: {
  answerId: string;
  body: UpdateAnswerReviewRequest;
}) => api('updateAnswerReview', { params: { answerId }, body });

export const useUpdateAnswerReview = () => useLibraryMutation(updateAnswerReview);
