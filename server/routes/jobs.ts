// GET /api/jobs/:id (contract: core/contract/jobs.ts): a queued paid job as its poll sees it: 202 while it waits
// or runs, then its stored answer exactly as the paid call would have given it. Only the job's own user sees it;
// anyone else (and an unknown id) gets 404, so ids cannot be probed.
import { Router } from 'express';
import { JobId } from '../../core/contract/jobs';
import type { ApiRouterFactory } from '../deps';
import { ApiError } from '../errors';
import { sendJson } from '../jsonAnswer';
import { answerOf } from '../paid/queue/awaitJob';

export const jobsRouter: ApiRouterFactory = ({ ai }) => {
  const router = Router();
  router.get('/jobs/:id', async (req, res) => {
    const userId = await ai.getUserId(req);
    if (!userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Sign in to see your jobs');
    const id = JobId.safeParse(req.params.id);
    if (!id.success) throw new ApiError(404, 'NOT_FOUND', 'No such job');
    const answer = answerOf(id.data, await ai.jobs.look(id.data, userId));
    if (answer.headers) res.set(answer.headers);
    await sendJson(res, answer.status, answer.body);
  });
  return router;
};
