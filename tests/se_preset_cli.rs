//! `--ladder se` across the commands, with the real binary: `run` grades along Sudoku
//! Explainer's path and its file reads back in `select` and `report`; `explain` and
//! `unlock` take SE's path; and HoDoKu's rows stay as they were.

use assert_cmd::Command;
use sudolab::record::{Columns, Record, Status};
use sudolab::rung::{Grader, Rung};

fn sudolab() -> Command {
    let mut command = Command::cargo_bin("sudolab").expect("the binary is built");
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn rows_of(csv: &[u8]) -> (Columns, Vec<Record>) {
    let mut reader = csv::Reader::from_reader(csv);
    let columns = Columns::from_header(reader.headers().unwrap()).unwrap();
    let rows = reader
        .records()
        .map(|row| Record::from_row(&columns, &row.unwrap()).unwrap())
        .collect();
    (columns, rows)
}

fn run(args: &[&str]) -> Vec<u8> {
    let output = sudolab()
        .arg("run")
        .args(args)
        .args(["--quiet", "-o", "-"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    output.stdout
}

const FILES: [&str; 2] = ["data/tdoku_test_puzzles.txt", "data/blog.txt"];

#[test]
fn standard_rows_are_byte_for_byte_those_of_before_se_s_path() {
    // tests/golden/standard_rows.csv: the same files graded before SE's path came in
    // (micros set to 0, the only column that varies), with the er, ep and ed of the
    // puzzles that need nested chains as serate rates them, not the `>=` bounds of then.
    let out = run(&[FILES[0], FILES[1], "--grade", "hodoku,se", "-j", "1"]);
    let mut reader = csv::Reader::from_reader(out.as_slice());
    let header = reader.headers().unwrap().clone();
    let micros = header.iter().position(|h| h == "micros").unwrap();
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(vec![]);
    writer.write_record(&header).unwrap();
    for row in reader.records() {
        let mut row: Vec<String> = row.unwrap().iter().map(str::to_string).collect();
        row[micros] = "0".into();
        writer.write_record(&row).unwrap();
    }
    let ours = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    let golden = include_str!("golden/standard_rows.csv");
    assert_eq!(ours, golden);
}

#[test]
fn a_run_along_se_s_path_has_se_s_rules_and_rating_and_reads_back() {
    let se = run(&[FILES[0], FILES[1], "--ladder", "se"]);
    let header =
        String::from_utf8_lossy(&se[..se.iter().position(|&b| b == b'\n').unwrap()]).to_string();
    assert!(
        header.starts_with(
            "source,line,puzzle,givens,status,steps,placements,eliminations,hardest,micros,\
             error,hidden-single,direct-pointing,"
        ),
        "{header}"
    );
    assert!(header.ends_with(",er,ep,ed"), "{header}");
    let (columns, rows) = rows_of(&se);
    assert_eq!(columns.grader, Grader::Se);
    let (_, beside) = rows_of(&run(&[FILES[0], FILES[1], "--grade", "hodoku,se"]));
    assert_eq!(rows.len(), beside.len());
    for (row, hodoku) in rows.iter().zip(&beside) {
        // The same rating as beside HoDoKu's grade; no/several solutions keep their status.
        assert_eq!(row.se, hodoku.se, "{}", row.puzzle);
        let unique = matches!(row.status, Status::Solved | Status::Stuck);
        assert_eq!(
            unique,
            matches!(hodoku.status, Status::Solved | Status::Stuck)
        );
        if row.status == Status::Solved {
            assert_eq!(row.counts.iter().sum::<u32>(), row.steps);
            assert!(matches!(row.hardest, Some(Rung::Se(_))));
        }
        assert_ne!(row.status, Status::Unsound);
    }
    // select and report read the file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("se.csv");
    std::fs::write(&path, &se).unwrap();
    let selected = sudolab()
        .args([
            "select",
            path.to_str().unwrap(),
            "--hardest",
            "pointing",
            "--rows",
        ])
        .output()
        .unwrap();
    assert!(selected.status.success(), "{selected:?}");
    let (_, picked) = rows_of(&selected.stdout);
    let pointing = rows
        .iter()
        .filter(|r| r.status == Status::Solved && r.hardest.is_some_and(|h| h.name() == "pointing"))
        .count();
    assert!(pointing > 0);
    assert_eq!(picked.len(), pointing);
    let report = sudolab()
        .args(["report", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(report.status.success(), "{report:?}");
}

#[test]
fn se_s_path_takes_no_policy_and_names_unknown_rules() {
    let out = sudolab()
        .args(["run", FILES[1], "--ladder", "se", "--policy", "sweep", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("SE's own path"));
    let out = sudolab()
        .args(["run", FILES[1], "--ladder", "se:xywing", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean xy-wing?"));
}

#[test]
fn explain_and_unlock_take_se_s_path() {
    let top95_1 =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = sudolab()
        .args(["explain", top95_1, "--ladder", "se", "--next"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("Next     Hidden Single (1.2): "),
        "{out:?}"
    );
    let out = sudolab()
        .args([
            "unlock",
            "-",
            "--ladder",
            "se:naked-single",
            "--format",
            "csv",
        ])
        .write_stdin(format!("{top95_1}\n"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with(
        "source,line,puzzle,status,error,needs,direct-hidden-triplet,pointing-claiming"
    ));
    let row = lines.next().unwrap();
    assert!(row.contains(",stuck,,pointing-claiming,"), "{row}");
}
