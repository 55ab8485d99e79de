/** What the application has spent of its daily call budget (counted in the coordination's BudgetStore). */
export interface DailyUsage {
  /** The UTC day counted, `YYYY-MM-DD`. */
  day: string;
  calls: number;
  /** null when the budget is off. */
  limit: number | null;
  remaining: number | null;
  resetsAt: Date;
}
