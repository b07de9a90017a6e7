from onenight.cli import main

raise SystemExit(main())
