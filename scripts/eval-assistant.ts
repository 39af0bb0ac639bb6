// Measures the reply analyzer. On the shipped labelled replies: trains on 80% (chosen by a hash
// of each id, so the split never changes between runs) and scores the held-back 20%, then runs a
// 5-fold cross-validation over all of them. On the evaluation set (replies written the way
// customers text, never trained on): trains on everything else and scores it, aggregates only.
//   node --import tsx scripts/eval-assistant.ts [--errors]   (--errors lists the dev-set misreads)
import { INTENT_CODES } from '@drivebay/shared';
import { loadEvaluationReplies, loadLabelledReplies, loadTuningReplies } from '../api/src/services/assistant/dataset';
import { crossValidate, evaluate, splitReplies, type Report, type Score } from '../api/src/services/assistant/evaluation';

const FOLDS = 5;
const showErrors = process.argv.includes('--errors');
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const num = (n: number) => n.toFixed(2);
// A precision without predictions or a recall without examples is not a zero: there is nothing to measure.
const cells = (s: Score) =>
  `${s.predicted ? num(s.precision) : '–'} | ${s.support ? num(s.recall) : '–'} | ${s.predicted && s.support ? num(s.f1) : '–'} | ${s.support}`;

function print(title: string, report: Report, listErrors: boolean) {
  const { stop } = report;
  console.info(`\n## ${title}: ${report.replies} replies`);
  console.info(`primary accuracy ${pct(report.primaryAccuracy)}`);
  console.info(`whole intent set exact ${pct(report.exactSetAccuracy)}, multi-label micro F1 ${num(report.multiLabelMicroF1)}`);
  console.info(`dates exact (start and hasTime) ${pct(report.dateAccuracy)} of ${report.dateReplies} DT replies; dates on non-DT replies: ${report.falseDates}`);
  console.info(
    `STOP recall ${stop.caught}/${stop.labelled} (${pct(stop.labelled ? stop.caught / stop.labelled : 1)}), missed but flagged uncertain ${stop.flaggedOnly}; ` +
      `false STOPs ${stop.falseStops}/${stop.others} (${pct(stop.others ? stop.falseStops / stop.others : 0)}), other replies flagged as a possible opt-out ${stop.falseFlags}`,
  );
  console.info(
    `repair-order questions flagged ${report.repairOrder.found}/${report.repairOrder.labelled}, flagged wrongly ${report.repairOrder.falseFound}; ` +
      `uncertain ${report.uncertain.count} (${pct(report.uncertain.count / (report.replies || 1))}), primary accuracy of the rest ${pct(report.uncertain.certainAccuracy)}`,
  );
  console.info(`most-mixed primary intents (expected → read): ${report.confusion.slice(0, 8).map((c) => `${c.expected}→${c.predicted} ${c.count}`).join(', ') || 'none'}`);
  console.info('\n| intent | primary P | R | F1 | n | multi-label P | R | F1 | n |');
  console.info('|---|---|---|---|---|---|---|---|---|');
  for (const code of INTENT_CODES) {
    console.info(`| ${code} | ${cells(report.primary[code])} | ${cells(report.multiLabel[code])} |`);
  }
  if (listErrors) {
    console.info('\nmisread:');
    for (const { reply, result } of report.errors) {
      const date = result.dateTimes[0];
      console.info(
        `  ${reply.id} ${JSON.stringify(reply.text)}\n    want ${reply.labels.join(',')} (${reply.primary})${reply.dateTime ? ` ${reply.dateTime.start} ${reply.dateTime.hasTime}` : ''}` +
          `\n    got  ${result.multiIntentNames.join(',')} (${result.finalIntentNames[0]})${date ? ` ${date.start} ${date.hasTime}` : ''}` +
          `  ${result.intents.map((i) => `[${i.text}→${i.intentName} ${i.confidence}]`).join(' ')}`,
      );
    }
  }
}

const replies = loadLabelledReplies();
const tuning = loadTuningReplies();
const started = Date.now();
const { train, test } = splitReplies(replies, 0, FOLDS);
print(`Held back (trained on ${train.length} + ${tuning.length} tuning)`, evaluate([...train, ...tuning], test), showErrors);
print(`${FOLDS}-fold cross-validation`, crossValidate(replies, FOLDS, {}, tuning), showErrors);
// The evaluation set's misreads are never listed: reading them one by one would tune the
// analyzer to it and the figure would stop meaning anything.
print('Evaluation set (real-style, never trained on)', evaluate([...replies, ...tuning], loadEvaluationReplies()), false);
console.info(`\nmeasured ${new Date().toISOString().slice(0, 10)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
