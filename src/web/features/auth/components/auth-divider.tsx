export function AuthDivider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-muted-foreground text-xs">
      <span className="h-px flex-1 bg-border" aria-hidden />
      <span>{label}</span>
      <span className="h-px flex-1 bg-border" aria-hidden />
    </div>
  );
}
