import { Typography } from 'antd';

/**
 * What a personal figure says before there is any: ratings go from 1 to 5, so an average of 0
 * is "no rating yet", never "0.0 / 5"; no time worked is "no shift yet", not "0 s".
 */
export const NO_RATINGS_TEXT = 'Sin calificaciones todavía';
export const NO_TIME_TEXT = 'Sin turnos todavía';

/** Whether a rating average counts at least one rating. */
export const rated = (rating: number) => Number.isFinite(rating) && rating > 0;

/** A figure that has nothing to count yet, in place of its number. */
export function EmptyFigure({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary" className="figure-empty">
      {text}
    </Typography.Text>
  );
}
