// s3rver keeps each object as files in folders along its key, and a delete removes the folders
// it left empty. A put into the same folder at that moment (an image's new variants written while
// the replaced photo's are deleted, as an admin's photo replacement does) finds its folder gone:
// the write fails with ENOENT, on a stream s3rver gives no error handler, and the whole process
// (`npm start`, the deploy rehearsal) crashes. S3 has no folders. So the stand-in's puts and
// deletes run one at a time; reads are left alone.
import type S3rver from "s3rver";

export function oneWriteAtATime(s3: S3rver): void {
  const { store } = s3;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const turn = last.then(() => run(...args));
      last = turn.catch(() => undefined);
      return turn;
    };
  store.putObject = inTurn(store.putObject.bind(store));
  store.deleteObject = inTurn(store.deleteObject.bind(store));
}
